## tests/console/local.mk: the console, scripted and in tmux.
