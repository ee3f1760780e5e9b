import ReelCLI

Reel.main()
