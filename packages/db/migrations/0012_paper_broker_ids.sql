-- A Paper Trading account's broker id was the user's UUID, shown as such in the broker list and its toasts; it is
-- now PT- and the first eight hex digits of the user's id, upper-cased (one Paper Trading account per user).
UPDATE "broker_accounts"
SET "user_name" = 'PT-' || upper(substr(replace("user_id"::text, '-', ''), 1, 8))
WHERE "type" = 'papertrading';
