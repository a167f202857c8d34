"""Reads of the restaurant, its policy and its bookings that are more than one ORM call."""
