import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('about', 'routes/about.tsx'),
  route('faq', 'routes/faq.tsx'),
  route('contact', 'routes/contact.tsx'),
  route('pricing', 'routes/pricing.tsx'),
  route('legal/:section', 'routes/legal.tsx'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
