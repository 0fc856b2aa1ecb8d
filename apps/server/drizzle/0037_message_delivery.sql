CREATE TABLE "outgoing_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"recipient" text NOT NULL,
	"subject" text,
	"body" text,
	"html" text,
	"meta" jsonb,
	"template" text,
	"idempotency_key" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "outgoing_messages_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE INDEX "outgoing_messages_pending_idx" ON "outgoing_messages" USING btree ("status","created_at") WHERE "outgoing_messages"."status" <> 'sent';--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "idempotency_key" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD CONSTRAINT "outbox_messages_idempotency_key_unique" UNIQUE("idempotency_key");
--> statement-breakpoint
CREATE TABLE "ach_file_transmissions" (
	"id" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"transmitter" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"remote_name" text,
	"sha256" text,
	"bytes" integer,
	"found_at_bank" boolean DEFAULT false NOT NULL,
	"last_error" text,
	"claimed_at" timestamp with time zone,
	"transmitted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ach_file_transmissions_file_name_unique" UNIQUE("file_name")
);
