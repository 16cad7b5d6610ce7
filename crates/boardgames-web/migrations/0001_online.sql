-- Online play (docs/online.md, "Schema"): accounts, sessions, rooms, their seats and event
-- logs, ratings. Portable SQL that SQLite and PostgreSQL both run unchanged: TEXT, BIGINT,
-- DOUBLE PRECISION; no SERIAL or AUTOINCREMENT (ids are drawn by the server); no booleans
-- (BIGINT 0/1); times in milliseconds since 1970.

CREATE TABLE accounts (
    id            TEXT   NOT NULL PRIMARY KEY,
    name          TEXT   NOT NULL,
    -- the name in lower case: names are unique ignoring case
    name_key      TEXT   NOT NULL UNIQUE,
    -- an argon2id PHC string ($argon2id$v=19$...)
    password_hash TEXT   NOT NULL,
    created_ms    BIGINT NOT NULL
);

CREATE TABLE sessions (
    -- the SHA-256 (hex) of the cookie's token: the token itself is never stored
    token_hash TEXT   NOT NULL PRIMARY KEY,
    account_id TEXT   NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    csrf       TEXT   NOT NULL,
    created_ms BIGINT NOT NULL,
    expires_ms BIGINT NOT NULL
);
CREATE INDEX sessions_by_account ON sessions (account_id);

CREATE TABLE rooms (
    id          TEXT   NOT NULL PRIMARY KEY,
    game        TEXT   NOT NULL,
    -- the room's specification (JSON)
    spec        TEXT   NOT NULL,
    -- the u64 seed of the dice, stored as the BIGINT of the same 64 bits
    seed        BIGINT NOT NULL,
    salt        TEXT   NOT NULL,
    commitment  TEXT   NOT NULL,
    -- 1: listed in the lobby, 0: by invitation only
    public      BIGINT NOT NULL,
    -- 'open', 'playing' or 'over'
    status      TEXT   NOT NULL,
    -- the result (JSON) once over
    result      TEXT,
    created_ms  BIGINT NOT NULL,
    finished_ms BIGINT
);
-- the lobby: public open rooms, newest first
CREATE INDEX rooms_lobby ON rooms (status, public, created_ms);

CREATE TABLE seats (
    room_id      TEXT   NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    seat         BIGINT NOT NULL,
    -- 'open', 'person' or 'bot'
    kind         TEXT   NOT NULL,
    name         TEXT   NOT NULL,
    account_id   TEXT   REFERENCES accounts (id),
    -- the SHA-256 (hex) of the seat's token: the token itself is never stored
    token_hash   TEXT,
    last_seen_ms BIGINT,
    PRIMARY KEY (room_id, seat)
);
CREATE INDEX seats_by_token ON seats (token_hash);
-- an account's finished games
CREATE INDEX seats_by_account ON seats (account_id);

CREATE TABLE events (
    room_id TEXT   NOT NULL REFERENCES rooms (id) ON DELETE CASCADE,
    seq     BIGINT NOT NULL,
    -- the event (JSON)
    event   TEXT   NOT NULL,
    at_ms   BIGINT NOT NULL,
    PRIMARY KEY (room_id, seq)
);

CREATE TABLE ratings (
    account_id TEXT             NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
    -- the game's key: trictrac, ecrire, table, tafl, sugoroku
    game       TEXT             NOT NULL,
    rating     DOUBLE PRECISION NOT NULL,
    games      BIGINT           NOT NULL,
    PRIMARY KEY (account_id, game)
);
