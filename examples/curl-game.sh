#!/usr/bin/env bash
# Plays a whole game of classic tic-tac-toe through OXO's API with curl alone.
#   examples/curl-game.sh http://127.0.0.1:8080 TOKEN_X TOKEN_O
# A token is a personal access token (scopes read and play) or a session's token;
# `username:password` instead signs in with POST /v1/sessions.
set -euo pipefail
api=$1/v1
token() { case $1 in *:*) curl -sf "$api/sessions" -d "{\"login\":\"${1%%:*}\",\"password\":\"${1#*:}\"}" | grep -o '"token":"[^"]*"' | cut -d'"' -f4 ;; *) echo "$1" ;; esac; }
X=$(token "$2"); O=$(token "$3")
post() { curl -sf -o /dev/null "$api/$2" -H "Authorization: Bearer $1" -d "${3:-}"; }
field() { grep -o "\"$1\":\"[^\"]*\"" | head -1 | cut -d'"' -f4 || true; }   # a JSON text field

# X opens an unlisted game; O joins it by its id.
game=$(curl -sf "$api/games" -H "Authorization: Bearer $X" -d '{"side":"X","listed":false}' | field id)
post "$O" "games/$game/join"
echo "game $game"

# The game's stream: the game first, then one line for each change, each with the whole game.
# It ends by itself after the game's end. Whoever's turn it is plays a random empty cell.
played=-1
curl -sfN "$api/games/$game/stream" -H "Authorization: Bearer $X" | while read -r line; do
    board=$(field board <<<"$line"); [ -n "$board" ] || continue   # the keep-alive's empty lines
    moves=$(tr -cd XO <<<"$board" | wc -c)
    if grep -q '"phase":"finished"' <<<"$line"; then
        fold -w3 <<<"$board"; winner=$(field winner <<<"$line")
        echo "result: ${winner:+$winner wins, }$(field reason <<<"$line")"   # X wins, line / draw
    elif [ "$moves" != "$played" ]; then
        turn=$(field turn <<<"$line"); played=$moves
        empty=($(grep -o . <<<"$board" | grep -n '\.' | cut -d: -f1))
        cell=$((empty[RANDOM % ${#empty[@]}] - 1))
        echo "$turn plays $cell"
        if [ "$turn" = X ]; then who=$X; else who=$O; fi
        post "$who" "games/$game/moves" "{\"cell\":$cell,\"move_number\":$((moves + 1))}"
    fi
done
