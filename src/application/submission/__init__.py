"""Submission, the core every send shares: the hand-over to the gateway (`hand_over`), the outcomes
recorded (`outcomes`), the outcomes kept through a database outage (`unwritten`), and the sender a
send uses (`senders`)."""

from application.submission.hand_over import outbound, submit, submit_all, unanswered
from application.submission.outcomes import RecordOutcomes
from application.submission.senders import sender_for
from application.submission.unwritten import UnwrittenOutcomes

__all__ = ["RecordOutcomes", "UnwrittenOutcomes", "outbound", "sender_for", "submit", "submit_all", "unanswered"]
