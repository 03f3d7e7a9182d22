"""A table being refereed: the table session (halli_pi.runtime.session) and what runs around it
(the run loop, the terminal view, the page adapters, the keyboard, speech, the lights and
evidence listeners, and the service's watchdog and supervision)."""
