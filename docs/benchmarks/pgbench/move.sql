-- One move as the server sends it to PostgreSQL (taken from its log with log_statement=all):
-- the game's row, the move, the game's update, two topics' numbers, two events, their notices.
-- :P is an event's payload (payload.json), bound as a parameter as the server binds it.
\set g random(1, 1000)
\set n random(1, 2000000000)
\set s random(1, 2000000000)
BEGIN;
SELECT "id", "code", "mode", "listed", "level", "x_user_id", "o_user_id", "creator_id", "phase", "move_count", "winner", "result_reason", "created_at", "updated_at", "x_away_since", "o_away_since", "x_claimable_at", "o_claimable_at", "rematch_offers", "rematch_game_id", "time_control", "clock_initial", "clock_increment", "days_per_move", "x_ms", "o_ms", "turn_started_at", "deadline_at", "remind_at", (SELECT u.username FROM users u WHERE u.id = games.x_user_id) AS "x_username", (SELECT u.display_name FROM users u WHERE u.id = games.x_user_id) AS "x_display_name", (SELECT u.avatar_media FROM users u WHERE u.id = games.x_user_id) AS "x_avatar_media", (SELECT u.bot FROM users u WHERE u.id = games.x_user_id) AS "x_bot", (SELECT u.username FROM users u WHERE u.id = games.o_user_id) AS "o_username", (SELECT u.display_name FROM users u WHERE u.id = games.o_user_id) AS "o_display_name", (SELECT u.avatar_media FROM users u WHERE u.id = games.o_user_id) AS "o_avatar_media", (SELECT u.bot FROM users u WHERE u.id = games.o_user_id) AS "o_bot", (SELECT COUNT(DISTINCT w.user_id) FROM game_watchers w WHERE w.game_id = games.id AND (games.x_user_id IS NULL OR w.user_id <> games.x_user_id) AND (games.o_user_id IS NULL OR w.user_id <> games.o_user_id)) AS watchers FROM games WHERE id = ('10000000-0000-0000-0000-' || lpad(to_hex(:g::int), 12, '0'))::uuid;
INSERT INTO moves (game_id, number, cell, mark, user_id, played_at) VALUES (('10000000-0000-0000-0000-' || lpad(to_hex(:g::int), 12, '0'))::uuid, :n, 4, 'X', ('00000000-0000-0000-0000-' || lpad(to_hex(2 * :g::int), 12, '0'))::uuid, now()) RETURNING played_at;
UPDATE games SET move_count = move_count + 1, updated_at = now() WHERE id = ('10000000-0000-0000-0000-' || lpad(to_hex(:g::int), 12, '0'))::uuid;
INSERT INTO topic_sequences (topic, seq) VALUES ('game:' || :g, 1), ('user:' || :g, 1) ON CONFLICT (topic) DO UPDATE SET seq = topic_sequences.seq + excluded.seq RETURNING topic, seq;
INSERT INTO events (topic, seq, payload, created_at) VALUES ('game:' || :g, :n, :P, now()), ('user:' || :g, :s, :P, now());
SELECT pg_notify('oxo_events', 'game:' || :g || ' 4 1795813409943 ' || :P), pg_notify('oxo_events', 'user:' || :g || ' 4 1795813409943 ' || :P);
COMMIT;
