#!/usr/bin/env bash
# Build the two tsume-solver peers that scripts/compare-solvers.py drives
# over USI: KomoringHeights 1.1.0 and shtsume 1.2.7e.
#
# Usage: scripts/build-peers.sh [--kh-src GITDIR] [--sh-src GITDIR]
#                               [--dest DIR] [--jobs N] [--only kh|shtsume]
#
#   --kh-src GITDIR  git directory (bare mirror or clone) of
#                    https://github.com/komori-n/KomoringHeights
#                    (default: $KH_GIT, else /work/.mirror/komori-n+KomoringHeights/repo)
#   --sh-src GITDIR  git directory of https://github.com/hkijin/shtsume
#                    (default: $SHTSUME_GIT, else /work/.mirror/hkijin+shtsume/repo)
#   --dest DIR       where the sources are unpacked and built, outside the
#                    repository (default: $PEERS_DIR, else /work/peers)
#   --jobs N         make -j for KomoringHeights (default 2)
#   --only WHICH     build only one peer
#
# The versions are pinned by commit, so the script builds the same code every
# time:
#   KomoringHeights  tag kh-v1.1.0 = f1627f48eb5ea47f60eddf525d3e006a73a6e5cb
#                    (source/config.h: ENGINE_VERSION "1.1.0")
#   shtsume          c48a8fa9233df0ec9c0b3b382378d6d9a52974c9, commit "1.2.7e"
#                    (source/shtsume.h: VERSION_INFO "v1.2.7e"; no tag exists)
#
# Each source tree is exported with `git archive` (no .git, no submodules:
# KomoringHeights' submodules are only for its own tests) into a fresh
# directory, then built:
#   KomoringHeights: cd source && make normal TARGET_CPU=AVX2 COMPILER=g++ -j2
#                    (about 6 minutes on 2 cores; needs a CPU with AVX2)
#   shtsume:         make (about 1 minute)
# The binaries end up at
#   $DEST/KomoringHeights/source/KomoringHeights-by-gcc
#   $DEST/shtsume/shtsume
# and the script prints both paths at the end. The peers are used for
# comparison only: nothing of theirs is copied into tsumi.
set -euo pipefail

KH_COMMIT=f1627f48eb5ea47f60eddf525d3e006a73a6e5cb
SH_COMMIT=c48a8fa9233df0ec9c0b3b382378d6d9a52974c9

kh_git=${KH_GIT:-/work/.mirror/komori-n+KomoringHeights/repo}
sh_git=${SHTSUME_GIT:-/work/.mirror/hkijin+shtsume/repo}
dest=${PEERS_DIR:-/work/peers}
jobs=2
only=

die() { echo "build-peers: $*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --kh-src) kh_git=${2:?--kh-src needs a directory}; shift 2 ;;
        --sh-src) sh_git=${2:?--sh-src needs a directory}; shift 2 ;;
        --dest) dest=${2:?--dest needs a directory}; shift 2 ;;
        --jobs) jobs=${2:?--jobs needs a number}; shift 2 ;;
        --only) only=${2:?--only needs kh or shtsume}; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/{/^set -euo/d;s/^# \{0,1\}//;p}' "$0"; exit 0 ;;
        *) die "unknown argument '$1' (see --help)" ;;
    esac
done
case "$only" in ""|kh|shtsume) ;; *) die "--only takes 'kh' or 'shtsume', not '$only'" ;; esac

# export GITDIR COMMIT DIR: unpack the tree of COMMIT into a fresh DIR.
export_tree() {
    local git=$1 commit=$2 dir=$3
    [ -d "$git" ] || die "no git directory at $git"
    git --git-dir="$git" cat-file -e "$commit^{commit}" 2>/dev/null \
        || die "$git does not contain commit $commit (fetch or clone the full history)"
    rm -rf "$dir"
    mkdir -p "$dir"
    git --git-dir="$git" archive --format=tar "$commit" | tar -x -C "$dir"
    echo "$commit" > "$dir/COMMIT"
}

mkdir -p "$dest"
dest=$(cd "$dest" && pwd)

if [ -z "$only" ] || [ "$only" = kh ]; then
    grep -qw avx2 /proc/cpuinfo 2>/dev/null \
        || echo "build-peers: warning: this CPU does not report AVX2; the AVX2 build may not run" >&2
    echo "build-peers: KomoringHeights $KH_COMMIT -> $dest/KomoringHeights" >&2
    export_tree "$kh_git" "$KH_COMMIT" "$dest/KomoringHeights"
    grep -q 'ENGINE_VERSION "1.1.0"' "$dest/KomoringHeights/source/config.h" \
        || die "KomoringHeights source/config.h does not say version 1.1.0"
    (cd "$dest/KomoringHeights/source" && make normal TARGET_CPU=AVX2 COMPILER=g++ -j"$jobs") >&2
    [ -x "$dest/KomoringHeights/source/KomoringHeights-by-gcc" ] \
        || die "KomoringHeights built no binary at $dest/KomoringHeights/source/KomoringHeights-by-gcc"
fi

if [ -z "$only" ] || [ "$only" = shtsume ]; then
    echo "build-peers: shtsume $SH_COMMIT -> $dest/shtsume" >&2
    export_tree "$sh_git" "$SH_COMMIT" "$dest/shtsume"
    grep -q 'VERSION_INFO *"v1.2.7e"' "$dest/shtsume/source/shtsume.h" \
        || die "shtsume source/shtsume.h does not say version v1.2.7e"
    (cd "$dest/shtsume" && make) >&2
    [ -x "$dest/shtsume/shtsume" ] || die "shtsume built no binary at $dest/shtsume/shtsume"
fi

if [ -z "$only" ] || [ "$only" = kh ]; then
    echo "komoring=$dest/KomoringHeights/source/KomoringHeights-by-gcc"
fi
if [ -z "$only" ] || [ "$only" = shtsume ]; then
    echo "shtsume=$dest/shtsume/shtsume"
fi
