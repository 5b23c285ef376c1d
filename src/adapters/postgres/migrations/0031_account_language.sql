-- The language an account's owner reads ujumbe in (the dashboard, the emails), once they choose
-- one; none until then (the browser's language, and emails in both).
ALTER TABLE accounts ADD COLUMN language text CHECK (language IN ('sw', 'en'));
