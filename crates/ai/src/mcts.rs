//! Monte-Carlo tree search for n players (UCT with max^n back-up), answering pushes like any other decision.
