"""Webhook endpoints and the event outbox: built by a later issue."""
