// Ctrl-C (SIGINT) and SIGTERM during a run of paperdex-index. The first asks
// the run to stop where it can say what it kept (IndexRunOptions::stop,
// HarvestOptions::stop); the handler is then reset, so a second one ends the
// process at once, which loses nothing committed either (every commit is
// whole).
#pragma once

#include <atomic>

namespace paperdex::cli {

// Installs the handlers; returns the flag they set.
const std::atomic<bool>* stop_on_signals();

// What a shell reports for a process the signal that set the flag ended:
// 128 + the signal (130 for Ctrl-C).
int interrupted_exit_status();

}  // namespace paperdex::cli
