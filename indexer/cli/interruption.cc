#include "interruption.h"

#include <signal.h>

namespace paperdex::cli {
namespace {

// Lock-free, so the handler may set them (a signal handler may touch only
// such atomics and volatile sig_atomic_t).
std::atomic<bool> stop_asked{false};
std::atomic<int> stop_signal{0};
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

extern "C" void ask_to_stop(int signal_number) {
  stop_signal = signal_number;
  stop_asked = true;
}

}  // namespace

const std::atomic<bool>* stop_on_signals() {
  struct sigaction action {};
  action.sa_handler = ask_to_stop;
  sigemptyset(&action.sa_mask);
  // SA_RESETHAND: the second signal takes its default action, ending the
  // process; SA_RESTART: reads under way go on (the run looks at the flag).
  action.sa_flags = SA_RESETHAND | SA_RESTART;
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
  return &stop_asked;
}

int interrupted_exit_status() {
  const int signal_number = stop_signal.load();
  return 128 + (signal_number != 0 ? signal_number : SIGINT);
}

}  // namespace paperdex::cli
