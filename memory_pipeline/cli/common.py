"""What every command shares: exit statuses."""

# 0 success; 1 a run or query failed; 2 bad usage; 3 some input was quarantined.
EXIT_OK, EXIT_FAILED, EXIT_USAGE, EXIT_QUARANTINED = 0, 1, 2, 3
