import Foundation
import MHubControl

// Wiring only: the command line and the process's streams go to MHubCtl.
exit(MHubCtl.run(Array(CommandLine.arguments.dropFirst()), console: StandardConsole()))
