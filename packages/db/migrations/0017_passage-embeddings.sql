CREATE TABLE "passage_embeddings" (
	"passage_id" uuid NOT NULL,
	"model" text NOT NULL,
	"vector" real[] NOT NULL,
	CONSTRAINT "passage_embeddings_passage_id_model_pk" PRIMARY KEY("passage_id","model")
);
--> statement-breakpoint
ALTER TABLE "passage_embeddings" ADD CONSTRAINT "passage_embeddings_passage_id_meeting_passages_id_fk" FOREIGN KEY ("passage_id") REFERENCES "public"."meeting_passages"("id") ON DELETE cascade ON UPDATE no action;