CREATE TABLE "schema_functions" (
	"hash" text PRIMARY KEY NOT NULL,
	"applied" timestamp with time zone DEFAULT now() NOT NULL
);
