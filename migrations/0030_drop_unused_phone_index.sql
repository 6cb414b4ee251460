-- The raw phone's index: no query reads it since the duplicate-phone check
-- uses users_phone_digits_idx (decision 064); it cost every sign-up and
-- profile edit a write, and 26 MB at a million members.
DROP INDEX `users_phone_idx`;
