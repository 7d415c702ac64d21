"""The player's data on disk, shared by the terminal (cli/) and the server (web/): the data
folder, the statistics, saved game records, and the files they are read from.

- :mod:`.common`: the errors a person's input can cause, the data folder, option labels.
- :mod:`.files`: regular files only, read within a bound, path errors in one line.
- :mod:`.records`: game records saved atomically and loaded with clear errors.
- :mod:`.stats`: the statistics store (SQLite), summed up per game and option set.
"""
