"""tutor: learn Five Hundred by replaying real deals trick by trick."""

__version__ = "0.1.0"
