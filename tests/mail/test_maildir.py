"""The Maildir writer on a real file system: the same message written twice, at once or after a crash,
is one file; a folder's name is safe and bounded whatever the address.

What the old writer did: it searched the folder for the Message-ID and then wrote a new file under
a fresh name. A second writer of the same message between the two steps (its copy still in
``tmp/``, invisible to the search) made a second file; an address over 255 characters made a
folder name the file system refused ("File name too long")."""

from __future__ import annotations

import os
import shutil
import threading
import time
from collections import Counter
from email.message import EmailMessage
from pathlib import Path
from typing import Any

import pytest

from adjudicator.mail.maildir import (
    INDEX,
    MAX_FOLDER,
    PENDING,
    STALE_TMP_SECONDS,
    deliver,
    folder_for,
    message_name,
    read_maildir,
)

ADDRESS = "ann@players.example"


def message(n: int = 1, body: str = "hello") -> EmailMessage:
    msg = EmailMessage()
    msg["From"], msg["To"], msg["Subject"] = "judge@club.example", ADDRESS, f"mail {n}"
    msg["Message-ID"] = f"<mail.{n}@club.example>"
    msg.set_content(body * 2000)  # big enough that writing it takes a moment
    return msg


def ids(root: Path) -> Counter[str]:
    return Counter(str(m["Message-ID"]) for m in read_maildir(root))


def test_writers_of_the_same_message_at_the_same_moment_leave_one_file(tmp_path: Path) -> None:
    rounds, writers = 30, 6
    for n in range(rounds):
        start = threading.Barrier(writers)
        results: list[bool] = []

        def write(n: int = n, start: threading.Barrier = start, results: list[bool] = results) -> None:
            start.wait()
            results.append(deliver(tmp_path, ADDRESS, message(n)))

        threads = [threading.Thread(target=write) for _ in range(writers)]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=60)
        assert results.count(True) == 1, f"round {n}: {results.count(True)} writers each wrote a file"
    assert ids(tmp_path) == Counter({f"<mail.{n}@club.example>": 1 for n in range(rounds)})
    assert not list(tmp_path.glob("*/tmp/*")), "no file is left in tmp/"


def test_a_message_read_and_moved_to_cur_is_not_written_again(tmp_path: Path) -> None:
    assert deliver(tmp_path, ADDRESS, message())
    folder = folder_for(tmp_path, ADDRESS)
    [new] = list((folder / "new").iterdir())
    new.rename(folder / "cur" / f"{new.name}:2,S")  # a mail client has read it
    assert not deliver(tmp_path, ADDRESS, message())
    assert ids(tmp_path) == Counter({"<mail.1@club.example>": 1})


def test_a_copy_left_in_tmp_by_a_killed_writer_is_no_message_and_is_cleared(tmp_path: Path) -> None:
    folder = folder_for(tmp_path, ADDRESS)
    (folder / "tmp").mkdir(parents=True)
    dead = folder / "tmp" / f"{message_name(message())}.4242.deadbeef"
    dead.write_bytes(message().as_bytes()[:100])  # killed half-way through writing it
    old = time.time() - STALE_TMP_SECONDS - 5
    os.utime(dead, (old, old))
    assert ids(tmp_path) == Counter()
    assert deliver(tmp_path, ADDRESS, message())
    assert ids(tmp_path) == Counter({"<mail.1@club.example>": 1})
    assert not dead.exists()


def test_folder_names_are_safe_and_bounded(tmp_path: Path) -> None:
    assert folder_for(tmp_path, " Ann@Players.Example ").name == "ann@players.example"
    long = folder_for(tmp_path, "a" * 300 + "@example.org")
    assert long.parent == tmp_path and len(long.name) <= MAX_FOLDER
    assert folder_for(tmp_path, "b" * 300 + "@example.org") != long, "the hash keeps long names apart"
    for hostile in ("../../etc/passwd@x", "..", ".", "/", "a/b@c", "x\x00y@z", "é@ü.example"):
        folder = folder_for(tmp_path, hostile)
        assert folder.parent == tmp_path and folder.name not in {"", ".", ".."}, hostile
        assert "/" not in folder.name and "\x00" not in folder.name
    assert folder_for(tmp_path, "a/b@c") != folder_for(tmp_path, "a_b@c"), "no two addresses share one"
    # a long (valid) address is delivered into its bounded folder
    longest = "b" * 64 + "@" + ".".join(["c" * 62, "d" * 62, "e" * 59]) + ".org"
    assert deliver(tmp_path, longest, message())
    assert len(read_maildir(tmp_path, longest)) == 1


def test_a_delivery_does_not_list_the_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 18: each delivery used to search cur/ (every message a reader had moved there), so
    a campaign's Maildir pass grew with the square of its mails. Now only tmp/ (writes under way)
    is listed, once the folder's index exists."""
    deliver(tmp_path, ADDRESS, message(0))  # the first delivery makes the index
    folder = folder_for(tmp_path, ADDRESS)
    for n in range(1, 6):
        assert deliver(tmp_path, ADDRESS, message(n, body="x"))
        read = folder / "new" / message_name(message(n, body="x"))
        os.rename(read, folder / "cur" / f"{read.name}:2,S")  # a reader moves each message to cur/
    listed: list[str] = []
    real = os.scandir

    def spy(path: Any = ".") -> Any:
        listed.append(Path(path).name)
        return real(path)

    monkeypatch.setattr(os, "scandir", spy)
    for n in range(1, 12):
        deliver(tmp_path, ADDRESS, message(n, body="x"))
    assert set(listed) <= {"tmp"}
    monkeypatch.undo()
    assert ids(tmp_path) == Counter({f"<mail.{n}@club.example>": 1 for n in range(12)})


def test_a_redelivery_after_a_writer_died_past_its_link_is_not_a_second_copy(tmp_path: Path) -> None:
    """The writer linked the message into new/ and died before it marked it delivered (its
    ``.pending`` mark left); a reader then moved the message to cur/. The redelivery finds it."""
    assert deliver(tmp_path, ADDRESS, message(1))
    folder, name = folder_for(tmp_path, ADDRESS), message_name(message(1))
    index = tmp_path / INDEX / folder.name
    os.rename(index / name, index / f"{name}{PENDING}")  # as the dead writer left it
    os.rename(folder / "new" / name, folder / "cur" / f"{name}:2,S")
    assert not deliver(tmp_path, ADDRESS, message(1))
    assert ids(tmp_path) == Counter({"<mail.1@club.example>": 1})
    assert (index / name).exists() and not (index / f"{name}{PENDING}").exists()


def test_a_folder_written_before_the_index_is_indexed_once(tmp_path: Path) -> None:
    """A folder from before the index: its messages (new/ and cur/) are not written again."""
    assert deliver(tmp_path, ADDRESS, message(1)) and deliver(tmp_path, ADDRESS, message(2))
    folder = folder_for(tmp_path, ADDRESS)
    moved = folder / "new" / message_name(message(2))
    os.rename(moved, folder / "cur" / f"{moved.name}:2,RS")
    shutil.rmtree(tmp_path / INDEX)
    assert not deliver(tmp_path, ADDRESS, message(1)) and not deliver(tmp_path, ADDRESS, message(2))
    assert deliver(tmp_path, ADDRESS, message(3))
    assert ids(tmp_path) == Counter({f"<mail.{n}@club.example>": 1 for n in (1, 2, 3)})
