-- A section may carry a lesson video: its host (YouTube or Vimeo) and the video's id, both or neither.
ALTER TABLE "sections" ADD COLUMN "video_provider" text;--> statement-breakpoint
ALTER TABLE "sections" ADD COLUMN "video_id" text;--> statement-breakpoint
ALTER TABLE "sections" ADD CONSTRAINT "sections_video_check" CHECK ((video_provider is null and video_id is null) or (video_provider in ('youtube', 'vimeo') and video_id is not null));
