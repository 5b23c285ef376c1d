"""Submission, the core every send shares: the hand-over to the gateway (`hand_over`), the outcomes
recorded (`outcomes`), and the outcomes kept through a database outage (`unwritten`)."""

from application.submission.hand_over import outbound, submit, submit_all, unanswered
from application.submission.outcomes import RecordOutcomes
from application.submission.unwritten import UnwrittenOutcomes

__all__ = ["RecordOutcomes", "UnwrittenOutcomes", "outbound", "submit", "submit_all", "unanswered"]
