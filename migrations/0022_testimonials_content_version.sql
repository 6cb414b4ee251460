-- The content counter (db/schema.ts, dataVersions; issue 41 part 6): bumped
-- by every write to a content table the cached public pages show
-- (server/page-cache.ts: today the landing's and the unlock page's
-- testimonials), so every process renders those pages again at its next request.
INSERT INTO `data_versions` (`name`, `version`) VALUES ('content', 1);--> statement-breakpoint
CREATE TRIGGER `content_version_testimonial_insert` AFTER INSERT ON `testimonials` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'content';
END;--> statement-breakpoint
CREATE TRIGGER `content_version_testimonial_update` AFTER UPDATE ON `testimonials` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'content';
END;--> statement-breakpoint
CREATE TRIGGER `content_version_testimonial_delete` AFTER DELETE ON `testimonials` BEGIN
	UPDATE `data_versions` SET `version` = `version` + 1 WHERE `name` = 'content';
END;
