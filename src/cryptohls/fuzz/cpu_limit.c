/* cpu_limit MS PROGRAM [ARGS...]: runs PROGRAM with MS milliseconds of CPU time (user + system). An
 * ITIMER_PROF timer, which execve keeps, ends it with SIGPROF once the time is used: a sub-second
 * limit, which RLIMIT_CPU (whole seconds) cannot give. Built once by fuzz/cpu_limit.py. */
#include <stdio.h>
#include <stdlib.h>
#include <sys/time.h>
#include <unistd.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: cpu_limit MS PROGRAM [ARGS...]\n");
    return 2;
  }
  long ms = strtol(argv[1], NULL, 10);
  struct itimerval limit = {{0, 0}, {ms / 1000, (ms % 1000) * 1000}};
  if (ms <= 0 || setitimer(ITIMER_PROF, &limit, NULL) != 0) {
    perror("cpu_limit");
    return 2;
  }
  execv(argv[2], argv + 2);
  perror("cpu_limit: exec");
  return 127;
}
