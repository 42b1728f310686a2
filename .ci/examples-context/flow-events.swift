// What Guides/FlowEvents.md's examples use without showing it: the screens.

struct MovieEditScreen: Screen { let coordinator: MovieEditCoordinator }
struct MovieDetailsScreen: Screen { let coordinator: MovieDetailsCoordinator }
struct MovieListScreen: Screen { let coordinator: MovieListCoordinator }
