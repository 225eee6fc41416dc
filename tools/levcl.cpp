// levcl: prints the exact Levenshtein distance of two files, or of every pair of a batch
// (--pairs, --query/--targets, --all-vs-all) as a table written while the results arrive.
//
// Exit status: 0 success, 2 bad usage or bad input, 3 failure while running. Every failure
// prints one "levcl: error: ..." message on standard error.
#include "command_main.hpp"
#include "levcl_command.hpp"

int main(int argc, char** argv) {
  CLI::App app{"Exact Levenshtein (edit) distance of two files, or of a batch of pairs (--pairs, --query with "
               "--targets, --all-vs-all), computed on an OpenCL device.",
               "levcl"};
  levcl::tools::CommandOptions options;
  levcl::tools::define_command_options(app, options);
  return levcl::tools::run_command(app, argc, argv, [&] {
    levcl::tools::LocalRunner runner(options.device);
    return levcl::tools::run_levcl(options, runner);
  });
}
