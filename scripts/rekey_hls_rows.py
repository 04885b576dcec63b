"""Moves the HLS rows of a results DB recorded before 30 Nov 2026 to today's key.

Until then an HLS row's source hash covered its C and the compiler's digest (`bench.sources.
c_source_hash`); now it covers the Verilog the compiler generated (`generated_hash`), so a compiler
commit that leaves the Verilog alone keeps the row. An old row moves only when both are proven:

- its sources are today's: its hash is `c_source_hash(variant, D)` of today's C and frame for the
  `hardware_digest` D of some commit in this repository's history (computed from git's objects);
- the Verilog it synthesized is on disk: its synthesis folder's synth.ys names an HLS artifact
  folder that still exists (artifacts are written once and never changed).

The row's source hash becomes `generated_hash` of those Verilog files, and its work folders (place
and route, synthesis) are renamed to the new key's names, so `cryptohls report`'s critical paths
still find their logs. Rows that fail either proof, or whose new key is taken, are left as they
are and counted. Stop every `cryptohls bench` on the DB first.

    python scripts/rekey_hls_rows.py [--dry-run]       # $CRYPTOHLS_RESULTS_DIR/results.sqlite
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

from cryptohls.bench.db import ResultsDB, canonical_json, default_db_path
from cryptohls.bench.flow import work_dir_of
from cryptohls.bench.sources import c_source_hash, generated_hash
from cryptohls.bench.strategies import SYNTHESIS_KEYS
from cryptohls.designs import find_variant, repo_root
from cryptohls.errors import UserError
from cryptohls.hls.fingerprint import COMPILER_PACKAGES, NOT_HARDWARE, digest_from_blobs

_VERSION = re.compile(r'^__version__\s*=\s*"([^"]+)"', re.M)


def historical_digests(repo: Path) -> set[str]:
    """The compiler's ``hardware_digest`` at every commit of `repo` that changed it (and at HEAD)."""
    paths = [f"src/cryptohls/{pkg}" for pkg in COMPILER_PACKAGES]
    commits = subprocess.run(["git", "-C", str(repo), "rev-list", "HEAD", "--", *paths],
                             check=True, capture_output=True, text=True).stdout.split()
    cat = subprocess.Popen(["git", "-C", str(repo), "cat-file", "--batch"], stdin=subprocess.PIPE,
                           stdout=subprocess.PIPE)
    blobs: dict[str, bytes] = {}

    def blob(object_id: str) -> bytes:
        if object_id not in blobs:
            cat.stdin.write(object_id.encode() + b"\n")
            cat.stdin.flush()
            size = int(cat.stdout.readline().split()[2])
            blobs[object_id] = cat.stdout.read(size)
            cat.stdout.read(1)      # the newline after the object
        return blobs[object_id]

    digests = set()
    try:
        for commit in ["HEAD", *commits]:
            listing = subprocess.run(["git", "-C", str(repo), "ls-tree", "-r", commit, "--", "src/cryptohls"],
                                     check=True, capture_output=True, text=True).stdout
            files = {}
            for line in listing.splitlines():
                meta, path = line.split("\t", 1)
                files[path.removeprefix("src/cryptohls/")] = meta.split()[2]
            version = _VERSION.search(blob(files["__init__.py"]).decode()).group(1)
            kept = {rel: object_id for rel, object_id in files.items()
                    if rel.split("/", 1)[0] in COMPILER_PACKAGES and rel not in NOT_HARDWARE}
            digests.add(digest_from_blobs({rel: blob(object_id) for rel, object_id in kept.items()}, version))
    finally:
        cat.stdin.close()
        cat.wait()
    return digests


def synthesis_options(options_json: str) -> str:
    """The options of a row's synthesis folder: its option set's key less what only place and route
    uses (bench.strategies.OptionSet.synthesis_key)."""
    options = json.loads(options_json)
    strategy = options.pop("strategy", None) or {}
    kept = {k: v for k, v in strategy.items() if k in SYNTHESIS_KEYS}
    if kept:
        options["strategy"] = kept
    return canonical_json(options)


def synthesized_verilog(synth_dir: Path) -> list[Path] | None:
    """The HLS artifact's Verilog files a synthesis read (its synth.ys), or None when gone. The
    artifact is the folder of a file read that holds the compiler's report.json (hls/artifacts.py)."""
    script = synth_dir / "synth.ys"
    if not script.is_file():
        return None
    read = [Path(word) for word in script.read_text().split() if word.endswith(".v")]
    folders = {path.parent for path in read if (path.parent / "report.json").is_file()}
    if len(folders) != 1:
        return None
    return sorted(folders.pop().glob("*.v"))


def rekey(db_path: Path, work_root: Path, digests: set[str], *, dry_run: bool = False,
          say=print) -> Counter:
    """Moves every provable old HLS row of `db_path`; returns the count of each outcome."""
    outcome: Counter = Counter()
    renamed: dict[Path, Path] = {}
    with ResultsDB(db_path) as db:
        for row in db.rows():
            if row.kind != "hls":
                continue
            try:
                variant = find_variant(row.variant)
            except UserError:
                outcome["variant gone"] += 1
                continue
            if not any(c_source_hash(variant, digest) == row.source_hash for digest in digests):
                outcome["not an old key of today's sources"] += 1
                continue
            folders = [work_dir_of(work_root, row.variant, row.target, row.device, row.source_hash, opts,
                                   row.tool_versions) for opts in (row.options, synthesis_options(row.options))]
            files = next((f for f in map(synthesized_verilog, folders) if f), None)
            if files is None:
                outcome["synthesized Verilog gone"] += 1
                continue
            new = generated_hash(variant, files)
            if db.move_source(row, new, dry_run=dry_run) is False:
                outcome["new key already recorded"] += 1
                continue
            for opts, old_folder in zip((row.options, synthesis_options(row.options)), folders):
                new_folder = work_dir_of(work_root, row.variant, row.target, row.device, new, opts,
                                         row.tool_versions)
                if old_folder.is_dir() and old_folder not in renamed and not new_folder.exists():
                    renamed[old_folder] = new_folder
                    if not dry_run:
                        old_folder.rename(new_folder)
            outcome["moved"] += 1
            say(f"{row.variant} {row.target} {row.options}: {row.source_hash[:12]} -> {new[:12]}")
    return outcome


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dry-run", action="store_true", help="say what would move, change nothing")
    args = parser.parse_args(argv)
    db_path = default_db_path()
    if not db_path.is_file():
        print(f"rekey_hls_rows: no results DB at {db_path}", file=sys.stderr)
        return 2
    digests = historical_digests(repo_root())
    print(f"{len(digests)} compiler digests in the history of {repo_root()}", file=sys.stderr)
    outcome = rekey(db_path, db_path.parent / "work", digests, dry_run=args.dry_run)
    print(", ".join(f"{n} {what}" for what, n in sorted(outcome.items())) or "no HLS rows", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
