"""``python -m deduce.cli``: the same as the ``deduce`` command."""

import sys

from deduce.cli import main

if __name__ == "__main__":  # not when a child process of the service imports it again (multiprocessing)
    sys.exit(main())
