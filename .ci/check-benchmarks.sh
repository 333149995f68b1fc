#!/usr/bin/env bash
# Holds BENCHMARKS.md's Current table to the history, by the rule its section "When a new
# sitting is needed" writes down:
#   1. the Current table's commit is a commit of this repository and an ancestor of HEAD;
#   2. every path the rule lists is in HEAD (a path renamed away would check nothing);
#   3. every commit after the Current commit that touches one of those paths is listed
#      under "Changes since the Current figures" (or a new sitting moved the Current commit
#      past it);
#   4. that list holds nothing else: each commit in it is one of those.
# Only what is committed is read; changes in the working tree are not. Needs the history back
# to the Current commit (in a shallow clone that lacks it, the check says so and is skipped).
#
#   .ci/check-benchmarks.sh        # prints what it checked; exits 1 with the reason otherwise
set -euo pipefail
cd "$(dirname "$0")/.."

doc=BENCHMARKS.md
log=docs/benchmarks/LOG.md

fail() {
    printf 'check-benchmarks: FAILED: %s\n' "$1" >&2
    exit 1
}

# The lines of the section headed "## $1" in the document, up to the next "## ".
section() {
    awk -v heading="## $1" '$0 == heading { inside = 1; next } inside && /^## / { exit } inside { print }' "$doc"
}

[ -f "$doc" ] || fail "$doc is missing"
git rev-parse --verify --quiet HEAD >/dev/null || fail "not inside a git repository with a HEAD commit"

# 1. The Current commit.
current=$(section Current)
[ -n "$current" ] || fail "$doc has no '## Current' section"
commit=$(printf '%s\n' "$current" | grep -m1 -E '^\| commit \|' | grep -oE '`[0-9a-f]{7,40}`' | head -n1 | tr -d '`' || true)
[ -n "$commit" ] || fail "the Current table of $doc has no row '| commit | \`<hash>\` ...'"
if ! full=$(git rev-parse --verify --quiet "$commit^{commit}"); then
    if [ "$(git rev-parse --is-shallow-repository)" = true ]; then
        # A shallow clone cannot tell; the check is skipped, not failed, and says so.
        echo "check-benchmarks: SKIPPED: the Current commit $commit is not in this shallow clone's history (git fetch --unshallow to check)"
        exit 0
    fi
    fail "the Current commit $commit of $doc is no commit of this repository"
fi
git merge-base --is-ancestor "$full" HEAD \
    || fail "the Current commit $commit of $doc is not an ancestor of HEAD ($(git rev-parse --short HEAD)): the figures are of another branch"
echo "Current commit: $commit, $(git log -1 --date=short --format='%ad, %s' "$full" | cut -c1-90)"
echo "  is an ancestor of HEAD ($(git rev-parse --short HEAD))"
if [ -f "$log" ] && ! grep -q "$commit" "$log"; then
    fail "the Current commit $commit is named nowhere in $log: its sitting is not written there"
fi

# 2. The paths whose change needs a new sitting.
paths=()
while IFS= read -r path; do
    paths+=("$path")
done < <(section 'When a new sitting is needed' | sed -nE 's/^- `([^`]+)`.*/\1/p')
[ "${#paths[@]}" -gt 0 ] || fail "the section '## When a new sitting is needed' of $doc lists no path (lines '- \`path\`: why')"
echo "Paths whose change needs a new sitting:"
for path in "${paths[@]}"; do
    [ -n "$(git ls-tree -r --name-only HEAD -- "$path" | head -n1)" ] \
        || fail "the rule names $path, which HEAD does not hold: write the rule for where that code is now"
    echo "  $path"
done

# 3 and 4. The commits since, against the list.
listed=()
while IFS= read -r hash; do
    listed+=("$hash")
done < <(printf '%s\n' "$current" \
    | awk '/^### Changes since the Current figures/ { inside = 1; next } inside && /^#/ { exit } inside { print }' \
    | sed -nE 's/^\| `([0-9a-f]{7,40})`.*/\1/p')

changed=()
while IFS= read -r hash; do
    [ -n "$hash" ] && changed+=("$hash")
done < <(git rev-list "$full..HEAD" -- "${paths[@]}")

echo "Commits after $commit that touch those paths: ${#changed[@]}; listed in $doc: ${#listed[@]}"
unlisted=()
for hash in "${changed[@]+"${changed[@]}"}"; do
    found=""
    for entry in "${listed[@]+"${listed[@]}"}"; do
        if [[ $hash == "$entry"* ]]; then found=1; break; fi
    done
    line="$(git rev-parse --short "$hash") $(git log -1 --format=%s "$hash" | cut -c1-80)"
    if [ -n "$found" ]; then
        echo "  listed: $line"
    else
        echo "  NOT LISTED: $line"
        unlisted+=("$line")
    fi
done

stale=()
for entry in "${listed[@]+"${listed[@]}"}"; do
    found=""
    for hash in "${changed[@]+"${changed[@]}"}"; do
        if [[ $hash == "$entry"* ]]; then found=1; break; fi
    done
    [ -n "$found" ] || stale+=("$entry")
done

if [ "${#unlisted[@]}" -gt 0 ]; then
    fail "$(printf '%s\n' "${#unlisted[@]} commit(s) since the Current figures change a path that needs a new sitting:" "${unlisted[@]/#/    }" \
        "Take a new sitting (docs/benchmarks/LOG.md, then the Current table), or list each under" \
        "'### Changes since the Current figures' in $doc with why the figures stand.")"
fi
if [ "${#stale[@]}" -gt 0 ]; then
    fail "listed under 'Changes since the Current figures' but not a commit after $commit that touches those paths: ${stale[*]} (remove it: a new sitting covers it, or it changes none of them)"
fi
echo "check-benchmarks: ok (only committed history is checked; uncommitted changes are not)"
