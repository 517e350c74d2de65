ALTER TABLE "webhook_secrets" ADD COLUMN "previous_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "webhook_secrets" ADD COLUMN "previous_expires_at" timestamp with time zone;