-- Name and email search of the admin users list: an FTS5 table with the
-- trigram tokenizer (substring matches of 3+ characters, case-insensitive)
-- over users.name and users.email, stored as an external-content index
-- (the text itself stays in users) and kept in sync by triggers.
CREATE VIRTUAL TABLE `users_fts` USING fts5(`name`, `email`, content='users', content_rowid='id', tokenize='trigram');--> statement-breakpoint
INSERT INTO `users_fts`(`users_fts`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `users_fts_after_insert` AFTER INSERT ON `users` BEGIN
	INSERT INTO `users_fts`(`rowid`, `name`, `email`) VALUES (new.`id`, new.`name`, new.`email`);
END;--> statement-breakpoint
CREATE TRIGGER `users_fts_after_delete` AFTER DELETE ON `users` BEGIN
	INSERT INTO `users_fts`(`users_fts`, `rowid`, `name`, `email`) VALUES ('delete', old.`id`, old.`name`, old.`email`);
END;--> statement-breakpoint
CREATE TRIGGER `users_fts_after_update` AFTER UPDATE OF `name`, `email` ON `users` BEGIN
	INSERT INTO `users_fts`(`users_fts`, `rowid`, `name`, `email`) VALUES ('delete', old.`id`, old.`name`, old.`email`);
	INSERT INTO `users_fts`(`rowid`, `name`, `email`) VALUES (new.`id`, new.`name`, new.`email`);
END;
