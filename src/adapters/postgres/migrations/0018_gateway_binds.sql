-- Each running process's SMPP binds as it last reported them (every few seconds), so that
-- `ujumbe gateway status`, another process, can show state, window use and TPS. Operational, not a
-- tenant table: no account's data.
CREATE TABLE gateway_binds (
    process    text NOT NULL,  -- host:pid of the server or worker holding the bind
    bind       text NOT NULL,  -- the bind's name
    status     jsonb NOT NULL,
    updated_at timestamptz NOT NULL,
    PRIMARY KEY (process, bind)
);
