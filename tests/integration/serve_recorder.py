"""`python -m tests.integration.serve_recorder CONFIG OUT`: the real `serve` with a recording ingest.

The listener and the poller are the real ones, from the settings in CONFIG; every message they hand
over is written to OUT/NNN-SOURCE.eml. A message containing ``SLOW`` takes a second to ingest, and
OUT/started-NNN appears when it begins, so a test can stop the service in the middle of one. The
scheduler and the sender are recorders that write what happens to them to OUT/events.
"""

from __future__ import annotations

import asyncio
import logging
import sys
import threading
import time
from pathlib import Path

from adjudicator.config import load_settings
from adjudicator.serve_app import Components, configure_logging, serve


class Recorder:
    def __init__(self, out: Path) -> None:
        self.out = out
        self.count = 0
        self.lock = threading.Lock()

    def event(self, what: str) -> None:
        with self.lock, (self.out / "events").open("a") as f:
            f.write(what + "\n")

    def ingest(self, raw: bytes, source: str) -> str:
        with self.lock:
            self.count += 1
            n = self.count
        if b"SLOW" in raw:
            (self.out / f"started-{n:03}").touch()
            time.sleep(1.0)
        (self.out / f"{n:03}-{source}.eml").write_bytes(raw)
        return f"recorded {n}"


class RecordingScheduler:
    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder

    def start(self) -> None:
        self.recorder.event("scheduler start")

    def shutdown(self) -> None:
        self.recorder.event("scheduler shutdown")

    def failure(self) -> str | None:
        return None


class RecordingSender:
    def __init__(self, recorder: Recorder) -> None:
        self.recorder = recorder

    async def run(self, stop: asyncio.Event, interval: float = 2.0) -> None:
        self.recorder.event("sender start")
        await stop.wait()
        self.recorder.event("sender stop")


def main(config: str, out: str) -> int:
    configure_logging(logging.INFO)
    recorder = Recorder(Path(out))
    parts = Components(
        ingest=recorder.ingest, sender=RecordingSender(recorder), scheduler=RecordingScheduler(recorder)
    )
    return serve(load_settings(Path(config)), components=parts)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
