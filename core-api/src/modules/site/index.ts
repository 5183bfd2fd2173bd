// Site content: the home page, carousel and map figures as visitors read them, and the staff's editing
// of the carousel, settings and dictionaries.
// Other modules import this file only.

export { default as homeService } from './home-service.ts'
export { default as carouselRoutes } from './routes/carousel.ts'
export { default as homeRoutes } from './routes/home.ts'
export { default as staffSiteRoutes } from './routes/staff-site.ts'
export { default as staffSite } from './site-service.ts'
