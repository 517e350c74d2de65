CREATE TABLE "idempotency_keys" (
	"owner_id" text NOT NULL,
	"call_path" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response" jsonb,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_owner_id_call_path_key_pk" PRIMARY KEY("owner_id","call_path","key")
);
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_idx" ON "idempotency_keys" USING btree ("expires_at");