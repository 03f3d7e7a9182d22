from halli_pi.cli import main

raise SystemExit(main())
