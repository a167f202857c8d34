"""The host's day read in one round trip (day_read), by service with its caps (day_sheet), and laid
out as a timeline (timeline): bookings, holds and the waitlist together, which only the top layer
may compose (docs/design.md, "Layers")."""
