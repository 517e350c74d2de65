CREATE TABLE "documents" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"section" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"uploaded_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "kyc_rounds" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"is_latest" boolean NOT NULL,
	"submitted_at" timestamp with time zone NOT NULL,
	"submitted_by" uuid,
	"decision" text,
	"reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"snapshot" jsonb NOT NULL,
	CONSTRAINT "kyc_rounds_decision" CHECK ("kyc_rounds"."decision" is null or "kyc_rounds"."decision" in ('approved', 'rejected', 'returned'))
);
--> statement-breakpoint
CREATE TABLE "kyc_sections" (
	"company_id" uuid NOT NULL,
	"section" text NOT NULL,
	"data" jsonb NOT NULL,
	"is_complete" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "kyc_sections_company_id_section_pk" PRIMARY KEY("company_id","section"),
	CONSTRAINT "kyc_sections_section" CHECK ("kyc_sections"."section" in ('corporate', 'company', 'shareholder', 'trading'))
);
--> statement-breakpoint
CREATE TABLE "phone_upload_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"section" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"authorize_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"section" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"declared_size_bytes" bigint NOT NULL,
	"status" text NOT NULL,
	"created_by" uuid,
	"phone_link_id" uuid,
	"document_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "uploads_status" CHECK ("uploads"."status" in ('pending', 'completed', 'refused', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_rounds" ADD CONSTRAINT "kyc_rounds_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_rounds" ADD CONSTRAINT "kyc_rounds_submitted_by_users_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_rounds" ADD CONSTRAINT "kyc_rounds_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_sections" ADD CONSTRAINT "kyc_sections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_upload_links" ADD CONSTRAINT "phone_upload_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_upload_links" ADD CONSTRAINT "phone_upload_links_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_phone_link_id_phone_upload_links_id_fk" FOREIGN KEY ("phone_link_id") REFERENCES "public"."phone_upload_links"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "documents_storage_key_unique" ON "documents" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "documents_company_section_idx" ON "documents" USING btree ("company_id","section","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_rounds_company_round_unique" ON "kyc_rounds" USING btree ("company_id","round");--> statement-breakpoint
CREATE INDEX "kyc_rounds_latest_submitted_idx" ON "kyc_rounds" USING btree ("submitted_at" DESC NULLS LAST,"company_id" DESC NULLS LAST) WHERE "kyc_rounds"."is_latest";--> statement-breakpoint
CREATE UNIQUE INDEX "phone_upload_links_token_hash_unique" ON "phone_upload_links" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_key_unique" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploads_company_section_pending_idx" ON "uploads" USING btree ("company_id","section","kind") WHERE "uploads"."status" = 'pending';