CREATE TABLE "job_effects" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"committed_at" timestamp with time zone DEFAULT now() NOT NULL
);
