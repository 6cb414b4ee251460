DROP INDEX `users_plan_invested_idx`;--> statement-breakpoint
DROP INDEX `users_status_plan_invested_idx`;