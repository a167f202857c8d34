"""Waitlist entries: built by a later issue."""
