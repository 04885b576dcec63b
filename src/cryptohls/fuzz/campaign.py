"""A fuzzing campaign: programs seed, seed+1, … run on an engine, every outcome recorded.

``<out>/outcomes.jsonl`` gets one line per program as it finishes (with the digests of the compiler
and of the harness, the limits and the Csmith version), so a stopped campaign resumes: a re-run
skips the seeds already recorded for the same compiler, harness, limits, profile and Csmith. A
finding (see trial.FINDINGS) keeps its folder under ``<out>/findings/<status>-<seed>/``; the
folders of the other programs are removed.
"""

from __future__ import annotations

import json
import shutil
from collections import Counter
from dataclasses import asdict, dataclass, field
from functools import lru_cache
from pathlib import Path

from cryptohls.bench.engine import open_engine
from cryptohls.bench.schedule import JobQueue
from cryptohls.fuzz.csmith import PROFILES, csmith_version, require_csmith
from cryptohls.fuzz.trial import FINDINGS, STAGES, STATUSES, Limits, Outcome, run_trial
from cryptohls.hls.fingerprint import compiler_digest, digest_files, package_files


@dataclass
class Campaign:
    seed: int
    count: int
    profile: str
    out: Path
    jobs: int = 1
    scheduler: str = "threads"
    limits: Limits = field(default_factory=Limits)


@dataclass
class Summary:
    outcomes: list[Outcome]
    reused: int = 0

    def counts(self) -> Counter:
        return Counter(o.status for o in self.outcomes)

    @property
    def findings(self) -> list[Outcome]:
        return [o for o in self.outcomes if o.status in FINDINGS]

    def table(self) -> dict:
        """The campaign's numbers (docs/fuzzing.md defines them)."""
        counts = self.counts()
        tested = len(self.outcomes) - counts["skipped"]
        compiled = counts["matched"] + counts["mismatched"] + counts["timed_out"]
        refusals = Counter(o.reason for o in self.outcomes if o.status == "refused")
        crashes = Counter(o.reason for o in self.outcomes if o.status == "crashed")
        skips = Counter(o.reason for o in self.outcomes if o.status == "skipped")
        return {
            "generated": len(self.outcomes), "skipped": counts["skipped"], "tested": tested,
            "refused": counts["refused"], "compiled": compiled, "matched": counts["matched"],
            "mismatched": counts["mismatched"], "crashed": counts["crashed"],
            "timed_out": counts["timed_out"], "harness": counts["harness"],
            "acceptance": round(compiled / tested, 4) if tested else None,
            "match_rate": round(counts["matched"] / compiled, 4) if compiled else None,
            "refusals": dict(refusals.most_common()), "crashes": dict(crashes.most_common()),
            "skips": dict(skips.most_common()),
            "cpu_s": self.cpu(),
        }

    def cpu(self) -> dict:
        """CPU seconds by stage (trial.STAGES) over the programs, their sum, and the sum per program."""
        by_stage = {stage: round(sum(o.cpu.get(stage, 0.0) for o in self.outcomes), 2) for stage in STAGES}
        total = round(sum(by_stage.values()), 2)
        return {**by_stage, "total": total,
                "per_program": round(total / len(self.outcomes), 3) if self.outcomes else None}


@lru_cache(maxsize=1)
def harness_digest() -> str:
    """The fuzz harness, the process its commands run in (cli_fork.py) and the simulators it drives (csim,
    cosim): a change there can change outcomes."""
    root = Path(__file__).resolve().parents[1]
    return digest_files(root, [*package_files(root, ("fuzz", "sim")), root / "cli_fork.py"])


def _key(campaign: Campaign) -> dict:
    return {"profile": campaign.profile, "compiler": compiler_digest()[:16], "harness": harness_digest()[:16],
            "limits": asdict(campaign.limits), "csmith": csmith_version()}


def _recorded(path: Path, key: dict) -> dict[int, Outcome]:
    found: dict[int, Outcome] = {}
    if path.is_file():
        for line in path.read_text().splitlines():
            entry = json.loads(line)
            if entry.pop("key", None) == key:
                outcome = Outcome(**entry)
                found[outcome.seed] = outcome
    return found


def fuzz_job(seed: int, profile: str, directory: Path, limits: Limits) -> Outcome:
    """One program (on a worker): its outcome; its folder is left for the client to keep or drop."""
    if directory.exists():
        shutil.rmtree(directory)
    return run_trial(seed, profile, directory, limits)


def run_campaign(campaign: Campaign, progress=None) -> Summary:
    require_csmith()
    if campaign.profile not in PROFILES:
        from cryptohls.errors import UserError
        raise UserError(f"unknown Csmith profile {campaign.profile!r}",
                        hint=f"choose from {', '.join(PROFILES)}")
    out = campaign.out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    log = out / "outcomes.jsonl"
    key = _key(campaign)
    recorded = _recorded(log, key)
    seeds = range(campaign.seed, campaign.seed + campaign.count)
    summary = Summary([recorded[s] for s in seeds if s in recorded], reused=sum(s in recorded for s in seeds))
    todo = [s for s in seeds if s not in recorded]
    task = progress.add_task("fuzz", total=len(todo)) if progress is not None else None
    if not todo:
        return summary

    queue = JobQueue(campaign.jobs)
    for seed in todo:
        queue.push(0.0, "trial", seed, fuzz_job, seed, campaign.profile, out / "programs" / str(seed),
                   campaign.limits)

    def handle(kind: str, seed: int, outcome: Outcome) -> None:
        directory = out / "programs" / str(seed)
        if outcome.status in FINDINGS:
            target = out / "findings" / f"{outcome.status}-{seed}"
            shutil.rmtree(target, ignore_errors=True)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.move(str(directory), target)
            (target / "outcome.json").write_text(outcome.to_json() + "\n")
        else:
            shutil.rmtree(directory, ignore_errors=True)
        with log.open("a") as f:
            f.write(json.dumps({**json.loads(outcome.to_json()), "key": key}, sort_keys=True) + "\n")
        summary.outcomes.append(outcome)
        if progress is not None:
            counts = summary.counts()
            progress.update(task, advance=1, description=(
                f"seed {seed}: {outcome.status} | " + " ".join(f"{s} {counts[s]}" for s in STATUSES if counts[s])))

    engine = open_engine(campaign.scheduler, campaign.jobs)
    try:
        queue.run(handle, engine=engine)
    finally:
        engine.close()
    summary.outcomes.sort(key=lambda o: o.seed)
    return summary
