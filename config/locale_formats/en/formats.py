"""English formats of the back office: every time 24-hour HH:MM, as the restaurant's wall clock reads
(Django's English shows "7 p.m.", "noon" and, in time inputs, "19:00:00"). Guest pages and e-mails
give their own formats; the API formats its own output (config/formats.py) and is not affected."""

TIME_FORMAT = "H:i"
DATETIME_FORMAT = "N j, Y, H:i"
SHORT_DATETIME_FORMAT = "m/d/Y H:i"
# The first is what a time box shows; the others are still read.
TIME_INPUT_FORMATS = ["%H:%M", "%H:%M:%S", "%H:%M:%S.%f"]
