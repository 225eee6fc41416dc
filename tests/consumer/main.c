/* Consumer of an installed levcl: succeeds iff the distance of kitten/sitting is 3. */
#include <stdio.h>

#include <levcl/levcl.h>

int main(void) {
  levcl_context* context = NULL;
  levcl_status status = levcl_context_create(NULL, &context);
  if (status != LEVCL_OK) {
    fprintf(stderr, "levcl_context_create: %s: %s\n", levcl_status_name(status),
            levcl_last_error());
    return 1;
  }
  levcl_result result;
  status = levcl_distance(context, "kitten", 6, "sitting", 7, "cpu-dp", NULL, &result);
  levcl_context_destroy(context);
  if (status != LEVCL_OK) {
    fprintf(stderr, "levcl_distance: %s: %s\n", levcl_status_name(status), levcl_last_error());
    return 1;
  }
  printf("levcl %s: distance %lld\n", levcl_version(), (long long)result.distance);
  return result.distance == 3 ? 0 : 1;
}
