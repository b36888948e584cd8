"""The composition root of ``adjudicator serve``: the one place that wires the mail transports into
the judge's service.

Why here and not in ``service/``: the service is the judge (games, orders, deadlines); the mail
transports (the gateway that reads a message, the LMTP/SMTP listener, the IMAP poller, the outbox
sender) call down into it. ``service/serve.py`` runs whatever components it is given; this module,
above both layers, builds the real ones from the settings and hands them over.
"""

from __future__ import annotations

import logging
from dataclasses import replace

from sqlalchemy import Engine

from adjudicator.config import Settings
from adjudicator.mail.gateway import MailGateway
from adjudicator.mail.group_commit import GroupCommit
from adjudicator.mail.imap import ImapPoller
from adjudicator.mail.listener import MailListener
from adjudicator.mail.sender import OutboxSender
from adjudicator.serve_workers import ListenerWorkers
from adjudicator.service.judge import Judge
from adjudicator.service.scheduler import DeadlineScheduler
from adjudicator.service.serve import Components, Ingest, Listener, Poller, configure_logging, run

__all__ = ["Components", "configure_logging", "serve", "transports", "wire"]


def transports(settings: Settings, parts: Components) -> Components:
    """``parts`` with the listener and the IMAP poller the settings configure (the ones ``parts``
    gives are kept)."""
    listener, imap = settings.listener, settings.imap

    def listen(ingest: Ingest) -> Listener:
        assert listener is not None
        return MailListener(listener, ingest)

    def poll(ingest: Ingest) -> Poller:
        assert imap is not None
        return ImapPoller(imap, ingest)

    return replace(
        parts,
        listen=parts.listen or (listen if listener else None),
        poll=parts.poll or (poll if imap else None),
    )


def wire(settings: Settings, engine: Engine, *, level: int = logging.INFO) -> Components:
    """The real components: the mail gateway's ingest, the listener and poller the settings name
    (with ``[listener] workers`` processes on its port: serve_workers.py), the outbox sender, the
    deadline scheduler."""
    judge = Judge(engine, mail_domain=settings.judge.domain, render_after_commit=False)  # the sender renders
    group = GroupCommit(MailGateway(judge, settings))  # mails delivered at once share a commit
    parts = Components(
        ingest=group.ingest,
        ingest_is_serial=True,
        sender=OutboxSender(engine, settings),
        scheduler=DeadlineScheduler(engine, judge, settings),
    )
    if settings.listener is not None and settings.listener.workers > 1:
        url = engine.url.render_as_string(hide_password=False)
        parts = replace(parts, workers=ListenerWorkers(settings, url, level=level))
    return transports(settings, parts)


def serve(
    settings: Settings,
    engine: Engine | None = None,
    stop_after: float | None = None,
    *,
    components: Components | None = None,
    abandon_stuck: bool = False,
    level: int = logging.INFO,
) -> int:
    """``adjudicator serve``: the real components (``wire``), or ``components`` with the listener and
    the poller of the settings; run until SIGTERM/SIGINT or ``stop_after`` (``service.serve.run``)."""
    if components is None:
        if engine is None:
            raise ValueError("serve needs an engine or the components")
        components = wire(settings, engine, level=level)
    else:
        components = transports(settings, components)
    return run(settings, components, stop_after, abandon_stuck=abandon_stuck)
