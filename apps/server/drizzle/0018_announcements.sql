CREATE TABLE "announcement_companies" (
	"announcement_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "announcement_companies_announcement_id_company_id_pk" PRIMARY KEY("announcement_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"title_en" text NOT NULL,
	"body_en" text NOT NULL,
	"title_ch" text NOT NULL,
	"body_ch" text NOT NULL,
	"title_jp" text NOT NULL,
	"body_jp" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone,
	"audience" text NOT NULL,
	"is_published" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_by" uuid NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "announcements_window_order" CHECK ("announcements"."ends_at" is null or "announcements"."ends_at" > "announcements"."starts_at"),
	CONSTRAINT "announcements_audience" CHECK ("announcements"."audience" in ('all_companies', 'chosen_companies'))
);
--> statement-breakpoint
ALTER TABLE "announcement_companies" ADD CONSTRAINT "announcement_companies_announcement_id_announcements_id_fk" FOREIGN KEY ("announcement_id") REFERENCES "public"."announcements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcement_companies" ADD CONSTRAINT "announcement_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcement_companies_company" ON "announcement_companies" USING btree ("company_id","announcement_id");--> statement-breakpoint
CREATE INDEX "announcements_published_starts" ON "announcements" USING btree ("starts_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "announcements"."is_published";--> statement-breakpoint
CREATE INDEX "announcements_to_deliver" ON "announcements" USING btree ("starts_at") WHERE "announcements"."is_published" and "announcements"."delivered_at" is null;