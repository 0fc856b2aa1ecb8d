CREATE TABLE "payroll_services" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "payroll_services_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "newflow_applications" ADD COLUMN "allocation_requested_cents" integer;--> statement-breakpoint
ALTER TABLE "newflow_applications" ADD CONSTRAINT "newflow_allocation_requested_positive" CHECK ("newflow_applications"."allocation_requested_cents" is null or "newflow_applications"."allocation_requested_cents" > 0);