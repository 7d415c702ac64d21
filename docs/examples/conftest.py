# The scripts here are programs, run by tests/test_examples.py; they are not test modules.
collect_ignore = ["hint_bot.py"]
