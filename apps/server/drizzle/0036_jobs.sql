-- The in-process job runner's queue (issue #30, docs/architecture.md "Jobs"): the embedded database's driver of the job port. On PostgreSQL, pg-boss keeps its own schema (pgboss) and these tables stay empty.
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"queue" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'created' NOT NULL,
	"singleton_key" text,
	"subject" text,
	"retry_count" integer DEFAULT 0 NOT NULL,
	"retry_limit" integer DEFAULT 0 NOT NULL,
	"start_after" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"last_error" text,
	"dead_letter_of" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jobs_state_valid" CHECK ("jobs"."state" in ('created', 'retry', 'active', 'completed', 'failed')),
	CONSTRAINT "jobs_retry_count_valid" CHECK ("jobs"."retry_count" >= 0 and "jobs"."retry_limit" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_queue_singleton_key" ON "jobs" USING btree ("queue","singleton_key") WHERE "jobs"."state" in ('created', 'retry', 'active');--> statement-breakpoint
CREATE INDEX "jobs_queue_state_start_after_idx" ON "jobs" USING btree ("queue","state","start_after");--> statement-breakpoint
CREATE INDEX "jobs_dead_letter_of_idx" ON "jobs" USING btree ("dead_letter_of");--> statement-breakpoint
CREATE TABLE "job_schedules" (
	"queue" text PRIMARY KEY NOT NULL,
	"cron" text NOT NULL,
	"last_slot" timestamp with time zone NOT NULL
);
