-- 2,000 players and 1,000 live games for move.sql, in a database the server has migrated.
INSERT INTO users (id, username, username_key, email, display_name, password_hash, created_at)
SELECT ('00000000-0000-0000-0000-' || lpad(to_hex(i), 12, '0'))::uuid, 'u' || i, 'u' || i, 'u' || i || '@x', 'User ' || i, 'x', now()
FROM generate_series(1, 2000) i;
INSERT INTO games (id, code, mode, listed, creator_id, x_user_id, o_user_id, phase, move_count, created_at, updated_at)
SELECT ('10000000-0000-0000-0000-' || lpad(to_hex(i), 12, '0'))::uuid, 'C' || i, 'online', true,
       ('00000000-0000-0000-0000-' || lpad(to_hex(2*i-1), 12, '0'))::uuid,
       ('00000000-0000-0000-0000-' || lpad(to_hex(2*i-1), 12, '0'))::uuid,
       ('00000000-0000-0000-0000-' || lpad(to_hex(2*i), 12, '0'))::uuid, 'live', 0, now(), now()
FROM generate_series(1, 1000) i;
